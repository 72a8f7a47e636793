import { formatMoney, type Edition, type RetroOption } from '../../engine/index.ts';
import type { Option } from './option-select.tsx';

/** Option lists as the editor shows them: money in the edition's currency, hours, retro periods by their labels. */
export function moneyOptions(values: readonly number[] | undefined, edition: Pick<Edition, 'locale' | 'currency'>): Option[] {
  return (values ?? []).map((value) => ({ value, label: formatMoney(value, edition) }));
}

export function hourOptions(values: readonly number[] | undefined): Option[] {
  return (values ?? []).map((value) => ({ value, label: `${value} hours` }));
}

export function retroOptions(values: readonly RetroOption[] | undefined): Option[] {
  return (values ?? []).map((option) => ({ value: option.value, label: option.label }));
}
