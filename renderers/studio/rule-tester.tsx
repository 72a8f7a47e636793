import { useMemo, useState } from 'react';
import { Alert, Badge, Box, Code, HStack, List, NativeSelect, Stack, Text, chakra } from '@chakra-ui/react';
import {
  CONTEXT_KEY,
  evaluateRule,
  getPath,
  inputsOf,
  todayIso,
  type EditionId,
  type FormDefinition,
  type JsonLogic,
  type Rule,
  type RuleContext,
  type RuleEffect,
} from '../../engine/index.ts';
import { PersonaSelect } from '../preview/persona-select.tsx';
import { JsonTextArea } from './json-text-area.tsx';

/** Pick a rule, enter data, and see whether it fires and what it then does (the engine's evaluateRule). */
export function RuleTester({ form, edition }: { form: FormDefinition; edition: EditionId }) {
  const rules = form.rules ?? [];
  const [ruleId, setRuleId] = useState(rules[0]?.id ?? '');
  const [persona, setPersona] = useState('admin');
  const [data, setData] = useState<Record<string, unknown>>(() => (form.sample ?? {}) as Record<string, unknown>);
  const rule = rules.find((each) => each.id === ruleId) ?? rules[0];
  const context = useMemo<RuleContext>(() => ({ edition, persona, today: todayIso(), flags: {} }), [edition, persona]);

  if (!rule) {
    return <Text color="fg.muted">This form has no rules to test.</Text>;
  }
  return (
    <Stack gap="4" data-testid="rule-tester">
      <HStack gap="4" wrap="wrap" align="end">
        <Box>
          <chakra.label htmlFor="rule-tester-rule" fontSize="sm" fontWeight="medium" display="block" mb="1">
            Rule
          </chakra.label>
          <NativeSelect.Root size="sm" width="72">
            <NativeSelect.Field id="rule-tester-rule" value={rule.id} onChange={(event) => setRuleId(event.target.value)} bg="bg">
              {rules.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.id}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <PersonaSelect value={persona} onChange={setPersona} />
      </HStack>
      {rule.description && <Text fontSize="sm">{rule.description}</Text>}
      <Box as="pre" fontFamily="mono" fontSize="xs" bg="bg.muted" p="2" rounded="md" whiteSpace="pre-wrap" aria-label="The rule's condition">
        {JSON.stringify(rule.when)}
      </Box>
      <JsonTextArea id="rule-tester-data" label="Data (JSON)" initial={data} onValue={setData} rows={10} />
      <RuleOutcome rule={rule} data={data} context={context} />
    </Stack>
  );
}

function RuleOutcome({ rule, data, context }: { rule: Rule; data: Record<string, unknown>; context: RuleContext }) {
  const scope = { ...data, [CONTEXT_KEY]: context };
  let result: ReturnType<typeof evaluateRule>;
  try {
    result = evaluateRule(rule, scope);
  } catch (error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{`The rule could not be evaluated: ${(error as Error).message}`}</Alert.Title>
      </Alert.Root>
    );
  }
  const inputs = [...inputsOf(rule.when as JsonLogic)].sort();
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="3" bg="bg" aria-live="polite" data-testid="rule-outcome" data-fires={result.active}>
      <HStack>
        <Badge size="lg" colorPalette={result.active ? 'green' : 'gray'}>
          {result.active ? 'Fires' : 'Does not fire'}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {result.active ? 'With this data the rule holds, and these effects apply:' : 'With this data the rule does not hold; its effects would be:'}
        </Text>
      </HStack>
      <List.Root ps="4" fontSize="sm" gap="1">
        {rule.effects.map((effect, index) => (
          <List.Item key={index}>{describeEffect(effect, result.sets)}</List.Item>
        ))}
      </List.Root>
      {inputs.length > 0 && (
        <Box>
          <Text fontSize="sm" fontWeight="medium">
            Reads
          </Text>
          <List.Root ps="4" fontSize="sm" gap="1">
            {inputs.map((input) => (
              <List.Item key={input}>
                <Code fontSize="xs">{input}</Code> = <Code fontSize="xs">{JSON.stringify(getPath(scope, input)) ?? 'undefined'}</Code>
              </List.Item>
            ))}
          </List.Root>
        </Box>
      )}
    </Stack>
  );
}

function describeEffect(effect: RuleEffect, sets: { field: string; value: unknown }[]): string {
  if ('show' in effect) return `show ${effect.show.join(', ')}`;
  if ('hide' in effect) return `hide ${effect.hide.join(', ')}`;
  if ('require' in effect) return `require ${effect.require.join(', ')}`;
  if ('enable' in effect) return `enable ${effect.enable.join(', ')}`;
  if ('disable' in effect) return `disable ${effect.disable.join(', ')}`;
  if ('clear' in effect) return `clear ${effect.clear.join(', ')}`;
  if ('set' in effect) {
    const computed = sets.find((set) => set.field === effect.set.field);
    return `set ${effect.set.field}${computed ? ` to ${JSON.stringify(computed.value)}` : ` to ${JSON.stringify(effect.set.value)}`}`;
  }
  return `${effect.message.level ?? 'error'} message on ${effect.message.field}: "${effect.message.text}"`;
}
