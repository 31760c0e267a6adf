// The time the page was last sent to the printer (a print button or the browser's own print command), for
// the "printed at" line of a printout.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

export function usePrintTime(): Date {
  const [time, setTime] = useState(() => new Date());
  useEffect(() => {
    const stamp = () => flushSync(() => setTime(new Date()));
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  return time;
}
