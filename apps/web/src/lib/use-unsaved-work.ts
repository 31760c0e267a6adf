// Work not yet saved in a tab (an editor): the tab is marked so that the tags view asks before closing or
// refreshing it (switching tabs keeps it: layout/view-host keeps visited pages mounted), and the one question asked.
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTagsViewStore } from '../stores/tags-view';

/** Marks the page's own tab while `unsaved`; cleared when the work is saved or the page goes. */
export function useUnsavedWork(unsaved: boolean): void {
  // Inside a kept view the location is the view's own, whichever tab is shown.
  const { pathname, search } = useLocation();
  const path = pathname + search;
  useEffect(() => {
    const { setUnsaved } = useTagsViewStore.getState();
    setUnsaved(path, unsaved);
    return () => setUnsaved(path, false);
  }, [path, unsaved]);
}

/** Asks whether to drop the unsaved work of the pages titled so, and runs `discard` if the user agrees. */
export function useConfirmDiscard(): (pages: string[], discard: () => void) => void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (pages, discard) =>
    void modal.confirm({
      title: t('shell.unsaved.title'),
      content: t('shell.unsaved.content', { pages: pages.join(t('shell.unsaved.separator')) }),
      okText: t('shell.unsaved.discard'),
      okButtonProps: { danger: true },
      cancelText: t('shell.unsaved.keep'),
      onOk: discard,
    });
}
