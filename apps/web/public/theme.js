// Applies the stored or system theme before first paint, so there is no flash of the wrong
// theme. A file rather than an inline script: the Content-Security-Policy allows only
// Weft's own script files.
(() => {
  try {
    const t = localStorage.getItem('theme');
    const dark = t ? t === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
  } catch {}
})();
