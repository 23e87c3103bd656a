import { useEffect } from 'react';
import { pageTitle } from '../../domain/pageTitles';

/** Writes the page's <title> (src/domain/pageTitles) whenever the path changes. */
export function usePageTitle(path: string): void {
  useEffect(() => {
    document.title = pageTitle(path);
  }, [path]);
}
