import { useId } from 'react';
import { Box, HStack, Input, NativeSelect, chakra } from '@chakra-ui/react';
import { Select } from 'chakra-react-select';
import type { FilterValues, JsonValue, TableFilter } from '../../engine/index.ts';
import type { ListLookup } from './table-types.ts';
import { noOptionsMessage, SELECT_PLACEHOLDER } from '../form/widgets/select-texts.ts';

interface Option {
  key: string;
  value: JsonValue;
  label: string;
}

/** A filter's choices: its own options, or the items of the list it names. */
function optionsOf(filter: TableFilter, lists?: ListLookup): Option[] {
  const source = filter.options ?? lists?.(filter.list ?? '')?.items.map((item) => ({ value: item.value, label: item.label })) ?? [];
  return source.map((option, index) => ({ key: String(index), value: option.value, label: option.label }));
}

interface TableFiltersProps {
  filters: TableFilter[];
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  lists?: ListLookup;
}

/** One control per filter of the definition; an empty control means 'any'. */
export function TableFilters({ filters, values, onChange, lists }: TableFiltersProps) {
  if (filters.length === 0) return null;
  const set = (id: string, value: unknown) => onChange({ ...values, [id]: value });
  return (
    <HStack gap="3" wrap="wrap" align="end">
      {filters.map((filter) => (
        <Box key={filter.id} minW="40">
          <FilterControl filter={filter} value={values[filter.id]} onChange={(value) => set(filter.id, value)} lists={lists} />
        </Box>
      ))}
    </HStack>
  );
}

function FilterControl({ filter, value, onChange, lists }: { filter: TableFilter; value: unknown; onChange: (value: unknown) => void; lists?: ListLookup }) {
  const id = `${useId()}-filter-${filter.id}`;
  const label = (
    <chakra.label htmlFor={id} fontSize="xs" color="fg.muted" display="block" mb="1">
      {filter.label}
    </chakra.label>
  );
  if (filter.type === 'dateRange') {
    const range = (value ?? {}) as { from?: string; to?: string };
    return (
      <Box>
        {label}
        <HStack gap="1">
          <Input id={id} size="sm" type="date" aria-label={`${filter.label} from`} value={range.from ?? ''} onChange={(e) => onChange({ ...range, from: e.target.value || undefined })} />
          <Input size="sm" type="date" aria-label={`${filter.label} to`} value={range.to ?? ''} onChange={(e) => onChange({ ...range, to: e.target.value || undefined })} />
        </HStack>
      </Box>
    );
  }
  const options: Option[] =
    filter.type === 'boolean'
      ? [
          { key: '0', value: true, label: 'Yes' },
          { key: '1', value: false, label: 'No' },
        ]
      : optionsOf(filter, lists);
  if (filter.type === 'multiSelect') {
    const selected = options.filter((option) => Array.isArray(value) && value.includes(option.value));
    return (
      <Box minW="56">
        {label}
        <Select<Option, true>
          isMulti
          inputId={id}
          size="sm"
          options={options}
          value={selected}
          getOptionValue={(option) => option.key}
          placeholder={SELECT_PLACEHOLDER}
          noOptionsMessage={noOptionsMessage}
          onChange={(chosen) => onChange(chosen.map((option) => option.value))}
        />
      </Box>
    );
  }
  const current = options.find((option) => option.value === value)?.key ?? '';
  return (
    <Box>
      {label}
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={current} onChange={(event) => onChange(options.find((option) => option.key === event.target.value)?.value)}>
          <option value="">{filter.emptyLabel ?? 'All'}</option>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
