import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * rjsf renders markdown (markdown-to-jsx, ~30 KB gzip) only for `ui:enableMarkdownInDescription`, for
 * `ui:enableMarkdownInHelp` and in its own error notes, yet imports it into every form. The build hands
 * rjsf this module in its place (vite.config.ts, lazyMarkdown), which loads the library the first time
 * markdown is drawn, showing the text as written meanwhile; the sign-in page never downloads it.
 */
const RealMarkdown = lazy(() => import('markdown-to-jsx/react').then((module) => ({ default: module.Markdown })));

export function Markdown(props: ComponentProps<typeof RealMarkdown>) {
  return (
    <Suspense fallback={<span>{props.children}</span>}>
      <RealMarkdown {...props} />
    </Suspense>
  );
}
