import type { CSSProperties } from 'react';
import type { Theme } from '../../../shared/contracts/context';

const COLOURS = ['primary', 'accent', 'background', 'text'] as const;

// The shop's theme colours as CSS custom properties on the layout's root (`--color-primary`...);
// the stylesheet's defaults stand in for any colour the CMS leaves out.
export function themeStyle(theme: Theme | undefined): CSSProperties {
  const vars: Record<string, string> = {};
  for (const name of COLOURS) if (theme?.[name]) vars[`--color-${name}`] = theme[name];
  return vars as CSSProperties;
}
