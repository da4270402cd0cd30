import { useEffect, useState } from 'react';
import { Callout, Classes, H5, Intent, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import type { Theme, UpdateChannel } from '../../shared/settings.js';
import type { Settings, SettingsPatch } from '../../shared/settings-schema.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useSession } from '../session/SessionContext.js';
import { setThemeSetting } from './theme.js';

type Prefs = Pick<Settings, 'theme' | 'updateChannel' | 'devTools' | 'closeToTray'>;

const prefsOf = (s: Settings): Prefs => ({
  theme: s.theme,
  updateChannel: s.updateChannel,
  devTools: s.devTools,
  closeToTray: s.closeToTray,
});

/** The preferences a patch changes (the patch may also hold other settings). */
function pickPrefs(patch: SettingsPatch): Partial<Prefs> {
  const out: Partial<Prefs> = {};
  if (patch.theme !== undefined) out.theme = patch.theme;
  if (patch.updateChannel !== undefined) out.updateChannel = patch.updateChannel;
  if (patch.devTools !== undefined) out.devTools = patch.devTools;
  if (patch.closeToTray !== undefined) out.closeToTray = patch.closeToTray;
  return out;
}

/**
 * The desktop preferences, in the settings dialog: appearance, update channel, keeping server
 * watch running in the tray when the window closes, developer tools.
 * Each applies as soon as it is chosen (like the language switch), apart from the dialog's Save.
 */
export function Preferences() {
  const { t } = useTranslation();
  const { appInfo } = useSession();
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [error, setError] = useState<ResultError | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    bridge()
      .settings.get()
      .then((s) => live && setPrefs(prefsOf(s)))
      .catch((err: unknown) => live && setError(asResultError(err, Codes.NETWORK)));
    return () => {
      live = false;
    };
  }, []);

  /**
   * `devTools` is not a patch main takes from the window: it asks main, which asks the operator in
   * a native dialog, and the switch then shows what main answers.
   */
  const save = async (patch: SettingsPatch) => {
    // The choice shows at once (a controlled radio would otherwise snap back until main answers);
    // a refused one goes back to what was saved.
    const before = prefs;
    setPrefs((p) => (p ? { ...p, ...pickPrefs(patch) } : p));
    setBusy(true);
    setError(null);
    try {
      const res =
        patch.devTools !== undefined
          ? await bridge().settings.askDevTools(patch.devTools)
          : await bridge().settings.set(patch);
      if (!res.ok) {
        setPrefs(before);
        return setError(res.error);
      }
      setPrefs(prefsOf(res.data));
      setThemeSetting(res.data.theme);
    } catch (err) {
      setPrefs(before);
      setError(asResultError(err, Codes.NETWORK));
    } finally {
      setBusy(false);
    }
  };

  if (!prefs) return error ? <ErrorCallout title={t('theme.loadFailed')} error={error} /> : null;
  const desktop = appInfo?.shell === 'electron';
  return (
    <section className="settings-preferences" data-testid="preferences">
      <H5>{t('theme.title')}</H5>
      <p className={Classes.TEXT_MUTED}>{t('theme.appliesAtOnce')}</p>
      <RadioGroup
        label={t('theme.appearance')}
        inline
        selectedValue={prefs.theme}
        disabled={busy}
        onChange={(e) => void save({ theme: e.currentTarget.value as Theme })}
      >
        <Radio value="system" label={t('theme.system')} data-testid="theme-system" />
        <Radio value="light" label={t('theme.light')} data-testid="theme-light" />
        <Radio value="dark" label={t('theme.dark')} data-testid="theme-dark" />
      </RadioGroup>
      <RadioGroup
        label={t('theme.channel')}
        inline
        selectedValue={prefs.updateChannel}
        disabled={busy}
        onChange={(e) => void save({ updateChannel: e.currentTarget.value as UpdateChannel })}
      >
        <Radio value="stable" label={t('theme.stable')} data-testid="channel-stable" />
        <Radio value="beta" label={t('theme.beta')} data-testid="channel-beta" />
      </RadioGroup>
      {desktop && (
        <Switch
          checked={prefs.closeToTray}
          disabled={busy}
          label={t('theme.closeToTray')}
          onChange={(e) => void save({ closeToTray: e.currentTarget.checked })}
          data-testid="close-to-tray-switch"
        />
      )}
      {desktop && (
        <Switch
          checked={prefs.devTools}
          disabled={busy}
          label={t('theme.devTools')}
          onChange={(e) => void save({ devTools: e.currentTarget.checked })}
          data-testid="devtools-switch"
        />
      )}
      {desktop && prefs.devTools && (
        <Callout intent={Intent.WARNING} icon="code" compact>
          {t('theme.devToolsWarning')}
        </Callout>
      )}
      {error && <ErrorCallout title={t('theme.saveFailed')} error={error} testId="preferences-error" />}
    </section>
  );
}
