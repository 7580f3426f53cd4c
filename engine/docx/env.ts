/**
 * The environment property readers need: the theme, its colour mapping and the theme font languages.
 */
import type { ColorMapping, Theme } from './theme';
import { EMPTY_THEME, readColorMapping } from './theme';

/** What property readers need to resolve theme colours and fonts. */
export interface PropsEnv {
  readonly theme: Theme;
  readonly mapping: ColorMapping;
  /** w:themeFontLang (settings): script languages that pick per-script theme faces. */
  readonly themeFontLang: { readonly latin?: string; readonly eastAsia?: string; readonly bidi?: string };
}

/** A default environment (no theme, Office palette), for tests and theme-less packages. */
export const DEFAULT_ENV: PropsEnv = { theme: EMPTY_THEME, mapping: readColorMapping(undefined), themeFontLang: {} };
