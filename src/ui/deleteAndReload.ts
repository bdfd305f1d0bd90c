// One item deleted from a list screen: the screen is busy meanwhile, a toast says how it went,
// and the list is read again whatever the server answered (it may have been deleted elsewhere).
import type { TFn } from '../i18n/react.ts';
import type { ApiResult } from './api.ts';
import { apiErrorMessage } from './apiErrors.ts';
import { toast } from './toast.ts';

type Deletion = {
  t: TFn;
  /** The request; rejects only when it could not be made at all. */
  send: () => Promise<ApiResult>;
  /** The success toast's text. */
  deleted: string;
  /** What the screen does once the server has deleted the item. */
  onDeleted: () => void;
  reload: () => Promise<void>;
  setBusy: (busy: boolean) => void;
  /** Runs last, however it went (closes the confirmation). */
  finish: () => void;
};

export async function deleteAndReload(deletion: Deletion): Promise<void> {
  const { t, setBusy } = deletion;
  setBusy(true);
  try {
    const result = await deletion.send();
    if (!result.ok) toast.error(apiErrorMessage(t, result));
    else {
      toast.success(deletion.deleted);
      deletion.onDeleted();
    }
    await deletion.reload();
  } catch {
    toast.error(t('common.networkError'));
  } finally {
    setBusy(false);
    deletion.finish();
  }
}
