import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  colorSwatchRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  sliderSlotRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's theme with only the recipes of the components the console draws (its own, chakra-react-select's and
 * the charts'): the full theme carries some 50 more, which every page downloaded (about 11 KB gzip of the
 * sign-in page, tests/scripts/bundle-budget.mjs). Tokens, text styles and global styles are Chakra's, whole.
 * tests/unit/renderers/theme-recipes.test.ts reads from the code which recipes are needed and fails naming
 * one to add (a component drawn without its recipe has no style at all) or one nothing draws any more.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      colorSwatch: colorSwatchRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      select: selectSlotRecipe,
      slider: sliderSlotRecipe,
      stat: statSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The console's design tokens on top of Chakra's defaults. Kept small on purpose: components use
 * Chakra's semantic tokens (bg, fg, border, colorPalette) so light and dark modes come for free.
 */
const config = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    // The form's layout (form-section.tsx, field-template.tsx) as plain classes: these elements re-render on every
    // keystroke in their section, and a class costs nothing to re-render where a styled component resolves its
    // style props again each time (npm run bench:forms).
    '.form-sections': { display: 'flex', flexDirection: 'column', gap: '4' },
    '.form-grid': { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', columnGap: '5', rowGap: '4', alignItems: 'start' },
    '.form-grid[data-columns="2"]': { md: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
    '.form-field': { minWidth: '0' },
    '.form-field[data-wide]': { gridColumn: '1 / -1' },
    // A text area's character count (form/widgets/textarea-widget.tsx).
    '.form-count': { fontSize: 'xs', color: 'fg.muted', textAlign: 'end' },
    // A titled section (form-section.tsx): Chakra's outline card at size sm (its card recipe), as classes.
    '.form-card': {
      display: 'flex', flexDirection: 'column', position: 'relative', minWidth: '0', overflowWrap: 'break-word', borderRadius: 'l3', color: 'fg',
      textAlign: 'start', bg: 'bg.panel', borderWidth: '1px', borderColor: 'border', '--card-padding': 'var(--chakra-spacing-4)',
    },
    '.form-card-header': { paddingInline: 'var(--card-padding)', paddingTop: 'var(--card-padding)', display: 'flex', flexDirection: 'column', gap: '1.5' },
    '.form-card-title': { fontWeight: 'semibold', textStyle: 'md' },
    '.form-card-description': { color: 'fg.muted', fontSize: 'sm' },
    '.form-card-body': { padding: 'var(--card-padding)', flex: '1', display: 'flex', flexDirection: 'column' },
    // A user who asked their system for less motion gets none: dialogs, menus and toasts appear and leave at
    // once (WCAG 2.3.3). A near-zero duration rather than none, so the end-of-animation events that remove a
    // closed dialog still come.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationDelay: '0ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        body: { value: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
        mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
      },
    },
    semanticTokens: {
      colors: {
        // The app's accent, used for primary buttons and active states.
        accent: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.300}' } },
        required: { value: { _light: '{colors.red.600}', _dark: '{colors.red.300}' } },
        // Status texts one shade darker in light mode than Chakra's: its red, orange and green are below the
        // 4.5:1 a text needs on the page (WCAG 1.4.3; the accessibility check of every page holds them to it).
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
