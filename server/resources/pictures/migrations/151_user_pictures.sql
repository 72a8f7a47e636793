-- Profile pictures (spec 001 section 7 Pictures and logos): the image uploaded for cropping and the cropped
-- picture, stored in the database like every other upload. The type is the one found in the bytes.
CREATE TABLE user_pictures (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- The upload waiting to be cropped (POST pic/initial), replaced by each new upload.
  upload bytea,
  upload_type text CHECK (upload_type IN ('image/png', 'image/jpeg', 'image/gif')),
  upload_width integer,
  upload_height integer,
  uploaded_at timestamptz,
  -- The picture shown (POST pic/crop): a square.
  picture bytea,
  picture_type text CHECK (picture_type IN ('image/png', 'image/jpeg')),
  picture_updated_at timestamptz
);
