import { Suspense, use } from 'react';
import { Skeleton } from '@chakra-ui/react';
import type { Widget, WidgetProps } from '@rjsf/utils';

export interface LazyWidget {
  component: Widget;
  /** Starts loading the widget's code (the signed-in areas call it, so their first form draws at once). */
  preload: () => Promise<Widget>;
}

/**
 * A widget whose code loads the first time a form draws it: react-select is most of a select's weight,
 * and the sign-in page draws no select. Meanwhile a skeleton of the field's height stands in, announced
 * as loading. The tree is the same before and after the load (Suspense around the widget), so a field
 * is never remounted under the user's hands.
 */
export function lazyWidget(load: () => Promise<Widget>): LazyWidget {
  let loaded: Widget | undefined;
  let pending: Promise<Widget> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a deploy replaced the chunk, the network) is tried again by the next form.
        pending = undefined;
        throw error;
      },
    ));
  function Loaded(props: WidgetProps) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  function LazyWidgetView(props: WidgetProps) {
    return (
      <Suspense fallback={<Skeleton height="8" borderRadius="l2" role="status" aria-label="Loading the field" />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { component: LazyWidgetView, preload };
}
