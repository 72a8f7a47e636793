import { Field, NativeSelect } from '@chakra-ui/react';

/** The product-selector step: choosing another product opens its editor (the route carries the product). */
export function ProductSelector({ products, value, onChange }: { products: ReadonlyArray<{ code: string; name: string }>; value: string; onChange: (code: string) => void }) {
  return (
    <Field.Root maxW="sm">
      <Field.Label htmlFor="quote-product" fontSize="sm">
        Product
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id="quote-product" value={value} onChange={(event) => onChange(event.target.value)} bg="bg">
          {products.map((product) => (
            <option key={product.code} value={product.code}>
              {product.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
