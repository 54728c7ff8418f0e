/** Providers (theme, locale) and the router; the query cache is provided by the signed-in layout. */
import { RouterProvider } from 'react-router';
import '../shell/base.css';
import { router } from './router';
import { ThemeRoot } from './ThemeRoot';
import { wireApp } from './wire';

wireApp();

export function App() {
  return (
    <ThemeRoot>
      <RouterProvider router={router} />
    </ThemeRoot>
  );
}
