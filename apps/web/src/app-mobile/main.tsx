/** The field app's entry (app.html, served at /app/): plain React and a small stylesheet, no console shell. */
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getLang } from './i18n';
import './app.css';

document.documentElement.lang = getLang() === 'zh' ? 'zh-CN' : 'en';
createRoot(document.getElementById('root')!).render(<App />);

// the service worker keeps the shell, the chunks and the last API replies for offline use (public/app-sw.js)
if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  void navigator.serviceWorker.register('/app-sw.js', { scope: '/app/' }).catch(() => undefined);
}
