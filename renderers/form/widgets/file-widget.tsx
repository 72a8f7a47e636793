import { Button, HStack, Input, Text } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState } from 'react';
import { inputAria, useWidgetFlags } from './widget-flags.ts';

/** The name and size a data URL carries (`data:<type>;name=<URI-encoded name>;base64,<bytes>`). */
export function describeDataUrl(value: unknown): { name: string; bytes: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^data:[^;,]*(?:;name=([^;,]*))?;base64,(.*)$/s.exec(value);
  if (!match) return null;
  let name = match[1] ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // A name that is not URI-encoded is shown as sent.
  }
  const base64 = match[2] ?? '';
  return { name, bytes: Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0) };
}

export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The file as a data URL carrying its name, the form data a file field holds. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:([^;,]*)/, (head) => `${head || 'data:application/octet-stream'};name=${encodeURIComponent(file.name)}`));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * A file to send with the form (`ui:widget: "file"` on a string field). The file is read in the browser into
 * a data URL that keeps its name, so it travels in the form's JSON body and the server's check of the form
 * sees it like any field. `ui:options.accept` narrows the picker (".pdf,.docx"); `ui:options.maxBytes` refuses
 * a larger file at once, before reading it (the server checks again).
 */
export function FileWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, autofocus, options } = props;
  const flags = useWidgetFlags(props);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = describeDataUrl(value);
  const maxBytes = typeof options.maxBytes === 'number' ? options.maxBytes : undefined;

  async function choose(file: File | undefined) {
    setProblem(null);
    if (!file) return;
    if (maxBytes !== undefined && file.size > maxBytes) {
      setProblem(`The file is larger than ${sizeText(maxBytes)}.`);
      onChange(options.emptyValue);
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <HStack gap="3" flexWrap="wrap">
      <Input
        ref={input}
        id={id}
        name={id}
        type="file"
        size="sm"
        p="1"
        maxW="sm"
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        autoFocus={autofocus}
        disabled={flags.disabled || flags.readOnly}
        {...inputAria(flags)}
        onChange={(event) => void choose(event.target.files?.[0])}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {chosen && (
        <>
          <Text fontSize="sm" data-testid={`${id}__chosen`}>{`${chosen.name} (${sizeText(chosen.bytes)})`}</Text>
          <Button
            size="xs"
            variant="ghost"
            disabled={flags.disabled || flags.readOnly}
            onClick={() => {
              onChange(options.emptyValue);
              if (input.current) input.current.value = '';
            }}
          >
            Remove
          </Button>
        </>
      )}
      {problem && <Text fontSize="sm" color="fg.error" role="alert">{problem}</Text>}
    </HStack>
  );
}
