import { Icons, IconSize, type IconName } from '@blueprintjs/icons';
import cog from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog.js';
import doubleCaretVertical from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical.js';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off.js';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open.js';
import key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key.js';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import user from '@blueprintjs/icons/lib/esm/generated/16px/paths/user.js';
import warningSign from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign.js';

/**
 * The sign-in page's icons (16 px), in the entry. Blueprint otherwise loads the paths of every
 * icon of a size (one ~145 KB chunk per size) the first time any icon is drawn, after the first
 * render: the page's icons appeared a frame or two after its form, and that chunk's parsing
 * competed with the form's first frame. Every other icon still loads that way, when first drawn.
 */
const FIRST_SCREEN_ICONS: Readonly<Partial<Record<IconName, string[]>>> = {
  user,
  lock,
  'eye-open': eyeOpen,
  'eye-off': eyeOff,
  cog,
  key,
  'warning-sign': warningSign,
  'double-caret-vertical': doubleCaretVertical,
};

/** Puts the sign-in page's icons in Blueprint's cache, before the first render draws them. */
export function loadFirstScreenIcons(): Promise<void> {
  return Icons.load(Object.keys(FIRST_SCREEN_ICONS) as IconName[], IconSize.STANDARD, {
    loader: async (name) => FIRST_SCREEN_ICONS[name] ?? [],
  });
}
