import { memo, useMemo } from 'react';
import { formatMoney, type Edition, type P250Change, type P250CoverageState } from '../../engine/index.ts';
import type { CoverageRowView } from './coverage-view.ts';
import { hourOptions, moneyOptions, retroOptions } from './option-labels.ts';
import type { Option } from './option-select.tsx';
import styles from './coverage-table.module.css';

interface CoverageRowProps {
  row: CoverageRowView;
  edition: Edition;
  retention: string;
  apply: (change: P250Change) => unknown;
}

type Field = 'limit' | 'deductible' | 'waitingPeriod' | 'retroActivePeriod';

/**
 * One coverage: its box (disabled with the reason beside it when mandatory, locked, ineligible or refused
 * by the security answers), its own limit, {{Retention}}, waiting period and retroactive period. Drawn
 * again only when something it shows changed (the engine returns a fresh state on every change).
 */
export const CoverageRow = memo(function CoverageRow({ row, edition, retention, apply }: CoverageRowProps) {
  const { coverage, fixed, reason, optionsEnabled } = row;
  const id = `coverage-${coverage.id}`;
  const { options } = coverage;
  const limits = useMemo(() => moneyOptions(options.limits, edition), [options.limits, edition]);
  const deductibles = useMemo(() => moneyOptions(options.deductibles, edition), [options.deductibles, edition]);
  const change = (field: Field) => (value: number) => apply({ type: 'coverage', id: coverage.id, field, value });
  const select = (field: Field, label: string, value: number | undefined, choices: Option[]) => (
    <>
      <label htmlFor={`${id}-${field}`} className={styles.srOnly}>
        {`${coverage.label} ${label}`}
      </label>
      <select id={`${id}-${field}`} className={styles.select} value={value ?? ''} disabled={!optionsEnabled} onChange={(event) => change(field)(Number(event.target.value))}>
        {value === undefined && <option value="">—</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </>
  );
  return (
    <tr data-testid={id} data-selected={coverage.selected}>
      <td>
        <div className={styles.details}>
          <input
            type="checkbox"
            id={`${id}-selected`}
            className={styles.checkbox}
            checked={coverage.selected}
            disabled={fixed}
            onChange={(event) => apply({ type: 'coverage', id: coverage.id, field: 'selected', value: event.target.checked })}
            aria-describedby={reason ? `${id}-reason` : undefined}
            title={reason}
          />
          <div>
            <label htmlFor={`${id}-selected`} className={styles.label}>
              {coverage.label}
            </label>
            {reason && (
              <div id={`${id}-reason`} className={styles.note} title={reason}>
                {reason}
              </div>
            )}
          </div>
        </div>
      </td>
      <td>{options.limits ? select('limit', 'limit', coverage.limit, limits) : coverage.limit !== undefined ? formatMoney(coverage.limit, edition) : null}</td>
      <td>{options.deductibles && select('deductible', retention.toLowerCase(), coverage.deductible, deductibles)}</td>
      <td>{options.waitingPeriods && select('waitingPeriod', 'waiting period', coverage.waitingPeriod, hourOptions(options.waitingPeriods))}</td>
      <td>
        {options.retroActivePeriods && select('retroActivePeriod', 'retroactive period', coverage.retroActivePeriod?.value, retroOptions(options.retroActivePeriods))}
        {coverage.retroActivePeriod?.asDate && <div className={styles.note}>{`Retro Active Date ${coverage.retroActivePeriod.asDate}`}</div>}
      </td>
    </tr>
  );
}, sameRow);

const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) => a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((item, index) => item === b[index]));

const sameCoverage = (a: P250CoverageState, b: P250CoverageState) =>
  a.id === b.id &&
  a.selected === b.selected &&
  a.limit === b.limit &&
  a.deductible === b.deductible &&
  a.waitingPeriod === b.waitingPeriod &&
  a.retroActivePeriod?.value === b.retroActivePeriod?.value &&
  a.retroActivePeriod?.asDate === b.retroActivePeriod?.asDate &&
  sameList(a.options.limits, b.options.limits) &&
  sameList(a.options.deductibles, b.options.deductibles) &&
  sameList(a.options.waitingPeriods, b.options.waitingPeriods) &&
  sameList(a.options.retroActivePeriods?.map((option) => option.value), b.options.retroActivePeriods?.map((option) => option.value));

/** The engine copies the whole state on each change: a row compares what it shows, not object identity. */
export function sameRow(before: CoverageRowProps, after: CoverageRowProps): boolean {
  return (
    before.edition === after.edition &&
    before.retention === after.retention &&
    before.apply === after.apply &&
    before.row.fixed === after.row.fixed &&
    before.row.reason === after.row.reason &&
    before.row.optionsEnabled === after.row.optionsEnabled &&
    sameCoverage(before.row.coverage, after.row.coverage)
  );
}
