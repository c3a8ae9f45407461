import type { CSSProperties } from 'react';
import type { Theme } from '../../../shared/contracts/context';

// The shop's theme colours as CSS custom properties on the layout's root; the stylesheet's
// defaults stand in for any colour the CMS leaves out.
export function themeStyle(theme: Theme | undefined): CSSProperties {
  const vars: Record<string, string> = {};
  if (theme?.primary) vars['--color-primary'] = theme.primary;
  if (theme?.accent) vars['--color-accent'] = theme.accent;
  if (theme?.background) vars['--color-background'] = theme.background;
  if (theme?.text) vars['--color-text'] = theme.text;
  return vars as CSSProperties;
}
