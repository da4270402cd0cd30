import { lazy, Suspense, useState } from 'react';

/**
 * The settings dialog, loaded the first time it opens: it checks addresses with the same schema
 * main applies (zod), which the sign-in page's first paint should not have to load.
 */
const SettingsDialogNow = lazy(async () => ({
  default: (await import('./SettingsDialog.js')).SettingsDialog,
}));

export function SettingsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SettingsDialogNow isOpen={isOpen} onClose={onClose} />
    </Suspense>
  );
}
