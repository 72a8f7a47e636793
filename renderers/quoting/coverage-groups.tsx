import { memo } from 'react';
import { Box, Heading, Stack } from '@chakra-ui/react';
import type { Edition, P250Change } from '../../engine/index.ts';
import type { CoverageGroupView } from './coverage-view.ts';
import { CoverageRow, sameRow } from './coverage-row.tsx';
import styles from './coverage-table.module.css';

interface CoverageGroupsProps {
  groups: CoverageGroupView[];
  edition: Edition;
  apply: (change: P250Change) => unknown;
}

/** Every coverage of the product, by catalogue group, each group a table with the tri-state columns. */
export function CoverageGroups({ groups, edition, apply }: CoverageGroupsProps) {
  const retention = edition.terms.Retention ?? 'Retention';
  return (
    <Stack gap="5" data-testid="quote-coverages">
      {groups.map((group) => (
        <CoverageGroup key={group.group} group={group} edition={edition} retention={retention} apply={apply} />
      ))}
    </Stack>
  );
}

interface CoverageGroupProps {
  group: CoverageGroupView;
  edition: Edition;
  retention: string;
  apply: (change: P250Change) => unknown;
}

/** A group none of whose rows changed is not drawn again (most changes touch a few groups). */
function sameGroup(before: CoverageGroupProps, after: CoverageGroupProps): boolean {
  const rest = { edition: after.edition, retention: after.retention, apply: after.apply };
  return (
    before.edition === after.edition &&
    before.retention === after.retention &&
    before.apply === after.apply &&
    before.group.label === after.group.label &&
    before.group.rows.length === after.group.rows.length &&
    before.group.rows.every((row, index) => sameRow({ ...rest, row }, { ...rest, row: after.group.rows[index]! }))
  );
}

const CoverageGroup = memo(function CoverageGroup({ group, edition, retention, apply }: CoverageGroupProps) {
  const headingId = `coverage-group-${group.group}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId} mb="2">
        {group.label}
      </Heading>
      <Box borderWidth="1px" rounded="md" overflowX="auto" bg="bg">
        <table className={styles.table} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Details</th>
              <th scope="col">Limit</th>
              <th scope="col">{retention}</th>
              <th scope="col">Waiting Period</th>
              <th scope="col">Retro Active Date</th>
            </tr>
          </thead>
          <tbody>
            {group.rows.map((row) => (
              <CoverageRow key={row.coverage.id} row={row} edition={edition} retention={retention} apply={apply} />
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}, sameGroup);
