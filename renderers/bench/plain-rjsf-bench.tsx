import { useEffect } from 'react';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { FormDefinition } from '../../engine/index.ts';
import { markReady, recordCommit } from './keystroke-probe.ts';
import { plainUiSchema } from './plain-ui-schema.ts';

/** @rjsf/core as it comes: its default theme, live validation on every change, the same JSON Schema. */
class ProbedForm extends Form {
  override componentDidUpdate(...args: Parameters<Form['componentDidUpdate']>) {
    super.componentDidUpdate(...args);
    recordCommit();
  }
}

export function PlainRjsfBench({ definition }: { definition: FormDefinition }) {
  useEffect(markReady, []);
  return (
    <ProbedForm
      schema={definition.schema as RJSFSchema}
      uiSchema={plainUiSchema(definition.uiSchema)}
      formData={definition.sample}
      validator={validator}
      liveValidate
      showErrorList={false}
    />
  );
}
