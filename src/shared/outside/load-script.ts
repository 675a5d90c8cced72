const loads = new Map<string, Promise<void>>();

/** Adds an async script once; later calls share the first load. A failed load may be tried again. */
export function loadScript(src: string): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loads.delete(src);
      script.remove();
      reject(new Error(`Не удалось загрузить ${src}`));
    };
    document.head.appendChild(script);
  });
  loads.set(src, load);
  return load;
}
