import { memo } from 'react';
import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { CUSTOM_PRESET, formatDate, type Edition, type P250Change, type P250State } from '../../engine/index.ts';
import { hourOptions, moneyOptions, retroOptions } from './option-labels.ts';
import { OptionSelect } from './option-select.tsx';

interface GlobalSettingsProps {
  state: P250State;
  edition: Edition;
  apply: (change: P250Change) => unknown;
  /** Why the dates may not be changed here (a renewal's period follows the policy it renews), if they may not. */
  datesFixed?: string;
}

/**
 * The quote's global settings (spec 002 section 3 'P250 quote state' Global): preset, aggregate limit,
 * {{Retention}}, waiting period, retroactive period, effective and end dates within their bounds. The
 * engine clamps the coverages; a refused value stays as it was and its reason shows under the field.
 */
export const GlobalSettings = memo(function GlobalSettings({ state, edition, apply, datesFixed }: GlobalSettingsProps) {
  const { global, options, ui } = state;
  const retention = edition.terms.Retention ?? 'Retention';
  const presets = [...state.presets.map((preset) => ({ value: preset.id, label: preset.label })), { value: CUSTOM_PRESET, label: 'Custom' }];
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" data-testid="quote-global-settings">
      <OptionSelect id="quote-preset" label="Preset" value={global.preset} options={presets} onChange={(value) => apply({ type: 'preset', value })} error={ui.errors.preset} />
      <OptionSelect id="quote-limit" label="Aggregate Limit" value={global.limit} options={moneyOptions(options.limits, edition)} onChange={(value) => apply({ type: 'limit', value })} error={ui.errors.limit} />
      <OptionSelect id="quote-deductible" label={retention} value={global.deductible} options={moneyOptions(options.deductibles, edition)} onChange={(value) => apply({ type: 'deductible', value })} error={ui.errors.deductible} />
      {options.waitingPeriods.length > 0 && (
        <OptionSelect id="quote-waiting-period" label="Waiting Period" value={global.waitingPeriod} options={hourOptions(options.waitingPeriods)} onChange={(value) => apply({ type: 'waitingPeriod', value })} error={ui.errors.waitingPeriod} />
      )}
      {options.retroActivePeriods.length > 0 && (
        <OptionSelect
          id="quote-retro-period"
          label="Retroactive Period"
          value={global.retroActivePeriod.value}
          options={retroOptions(options.retroActivePeriods)}
          onChange={(value) => apply({ type: 'retroActivePeriod', value })}
          error={ui.errors.retroActivePeriod}
        />
      )}
      <DateField id="quote-effective-date" label="Effective Date" value={global.effectiveDate} min={global.minEffectiveDate} max={global.maxEffectiveDate} locale={edition.locale} error={ui.errors.effectiveDate} fixed={datesFixed} onChange={(value) => apply({ type: 'effectiveDate', value })} />
      <DateField id="quote-end-date" label="End Date" value={global.endDate} min={global.minEndDate} max={global.maxEndDate} locale={edition.locale} error={ui.errors.endDate} fixed={datesFixed} onChange={(value) => apply({ type: 'endDate', value })} />
    </SimpleGrid>
  );
});

interface DateFieldProps {
  id: string;
  label: string;
  value: string;
  min: string;
  /** The edition's locale, for the window's dates ('12/07/2026' or '07/12/2026'). */
  locale: string;
  max: string;
  error?: string;
  /** Shown instead of the window when the date is read-only, saying why. */
  fixed?: string;
  onChange: (value: string) => void;
}

/** A native date input within its window; a date still being typed (empty) is not a change. */
function DateField({ id, label, value, min, max, locale, error, fixed, onChange }: DateFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label htmlFor={id} fontSize="sm">
        {label}
      </Field.Label>
      <Input id={id} type="date" size="sm" bg="bg" value={value} min={fixed ? undefined : min} max={fixed ? undefined : max} readOnly={Boolean(fixed)} onChange={(event) => event.target.value && onChange(event.target.value)} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{fixed ?? `${formatDate(min, locale)} to ${formatDate(max, locale)}`}</Field.HelperText>}
    </Field.Root>
  );
}
