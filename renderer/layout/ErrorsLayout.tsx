import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../components/LanguageSwitch.js';

export function ErrorsLayout() {
  return (
    <div className="errors-layout">
      <div className="auth-layout-language">
        <LanguageSwitch />
      </div>
      <Outlet />
    </div>
  );
}
