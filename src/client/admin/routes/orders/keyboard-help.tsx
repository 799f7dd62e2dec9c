import { useLanguage, useT } from '#client/lib/i18n.tsx';
import { FormDialog } from '#client/ui/form/form-dialog.tsx';

/** The keys of the orders table (list-keys.ts), and the switch that turns them off. */
const keys = [
  ['/', 'admin.keys.search'],
  ['Esc', 'admin.keys.leave'],
  ['j', 'admin.keys.down'],
  ['k', 'admin.keys.up'],
  ['Enter', 'admin.keys.open'],
  ['?', 'admin.keys.help'],
] as const;

export function KeyboardHelp({ open, onClose, enabled, onEnabledChange }: { open: boolean; onClose: () => void; enabled: boolean; onEnabledChange: (on: boolean) => void }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <FormDialog language={language} title="admin.keys.title" intro="admin.keys.intro" open={open} onClose={onClose}>
      <div className="form form-dialog__body">
        <dl className="admin-keys">
          {keys.map(([key, text]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{t(text)}</dd>
            </div>
          ))}
        </dl>
        <label className="form__choice">
          <input type="checkbox" checked={enabled} onChange={(event) => onEnabledChange(event.target.checked)} /> {t('admin.keys.enabled')}
        </label>
      </div>
    </FormDialog>
  );
}
