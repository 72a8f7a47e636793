import { createRoot } from 'react-dom/client';
import { createRegistry, type FormDefinition } from '../../engine/index.ts';
import { bundledSource } from '../definitions/bundled-source.ts';
import { ThemeProvider } from '../theme/theme-provider.tsx';
import { EngineFormBench } from './engine-form-bench.tsx';
import { PlainRjsfBench } from './plain-rjsf-bench.tsx';
import './keystroke-probe.ts';

/** bench.html?mode=engine|rjsf&form=<id>: one form under the keystroke probe (see tests/bench/forms-bench.ts). */
const params = new URLSearchParams(location.search);
const registry = createRegistry(bundledSource());
const definition = registry.resolve<FormDefinition>(params.get('form') ?? 'uw-application-cyber', 'us');

createRoot(document.getElementById('root')!).render(
  <ThemeProvider>
    {params.get('mode') === 'rjsf' ? (
      <PlainRjsfBench definition={definition} />
    ) : (
      <EngineFormBench definition={definition} edition={registry.edition('us')} />
    )}
  </ThemeProvider>,
);
