import { Footer } from '../../ui/Footer';
import { useUser } from '../app-services';
import { useLogoUrl, useMenus, useNavigate } from './use-shell';

/** The footer: the four footer menus of GET /api/content/menu and the current year. */
export function ShellFooter() {
  const menus = useMenus();
  const user = useUser();
  const navigate = useNavigate();
  return (
    <Footer
      logoUrl={useLogoUrl()}
      homeHref={user?.is_authenticated ? '/home' : '/'}
      columns={[menus.footer_menu_1, menus.footer_menu_2, menus.footer_menu_3, menus.footer_menu_4]}
      year={new Date().getFullYear()}
      onNavigate={navigate}
    />
  );
}
