/**
 * The sign-in page's forms, resolved per edition by the build (vite.config.ts serves the module, generated
 * by engine/node/sign-in-forms-code.ts).
 */
declare module 'virtual:sign-in-forms' {
  import type { SignInForms } from '../../engine/node/sign-in-forms-code.ts';
  const forms: SignInForms;
  export default forms;
}
