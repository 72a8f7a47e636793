import { memo, type ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import type { FormSession } from './form-session.ts';
import { useSectionVisible } from './use-section-visible.ts';
import { sameElements } from './same-elements.ts';

/** One layout section as a card with its title; gone while none of its fields is visible. */
function FormSectionView({ session, id, title, description, columns, children }: FormSectionProps) {
  const visible = useSectionVisible(session, id);
  if (!visible) return null;
  // A section without a title is just a group: a card around a dialog's only section is noise.
  if (!title && !description) {
    return (
      <Box as="section" data-section={id}>
        <FieldGrid columns={columns}>{children}</FieldGrid>
      </Box>
    );
  }
  return (
    <section className="form-card" aria-label={title} data-section={id}>
      <SectionHeader title={title} description={description} />
      <div className="form-card-body">
        <FieldGrid columns={columns}>{children}</FieldGrid>
      </div>
    </section>
  );
}

/**
 * Memoised apart from the body, which changes with every keystroke in the section. The card is Chakra's outline
 * card drawn with plain classes (theme/system.ts): its frame re-renders with every keystroke in its section,
 * where Chakra's card parts would resolve their recipe each time (npm run bench:forms).
 */
const SectionHeader = memo(function SectionHeader({ title, description }: { title?: string; description?: string }) {
  return (
    <div className="form-card-header">
      {title && <h3 className="form-card-title">{title}</h3>}
      {description && <p className="form-card-description">{description}</p>}
    </div>
  );
});

interface FormSectionProps {
  session: FormSession;
  id: string;
  title?: string;
  description?: string;
  columns: 1 | 2;
  children: ReactNode;
}

/** Re-renders only when one of its fields' elements changed, not on every keystroke elsewhere. */
export const FormSection = memo(
  FormSectionView,
  (prev: FormSectionProps, next: FormSectionProps) =>
    prev.session === next.session &&
    prev.id === next.id &&
    prev.title === next.title &&
    prev.description === next.description &&
    prev.columns === next.columns &&
    sameElements(prev.children, next.children),
);

/** Two columns on wide screens; wide widgets span both (set by the field template). Styled by class (theme/system.ts). */
export function FieldGrid({ columns, children }: { columns: 1 | 2; children: ReactNode }) {
  return (
    <div className="form-grid" data-columns={columns}>
      {children}
    </div>
  );
}
