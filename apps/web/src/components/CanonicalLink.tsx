import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Keeps exactly one `<link rel="canonical">` in <head>, equal to origin + current path. */
export function CanonicalLink() {
  const { pathname } = useLocation();
  useEffect(() => {
    const links = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]'));
    let link = links.shift();
    for (const extra of links) extra.remove();
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = window.location.origin + pathname;
  }, [pathname]);
  return null;
}
