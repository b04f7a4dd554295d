import { useLocation, useSearch } from 'wouter';
import { emailConfirmResultSchema } from '../../api/contract/auth';
import { EmailConfirmationPage } from '../../ui/StatusPage';
import { useSignedInUser } from '../shell/use-shell';

/**
 * /email-confirmed?result=...: where the server sends a browser that opened a confirmation link,
 * signed in or not. An unknown result reads as an invalid link.
 */
export default function EmailConfirmedRoute() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const parsed = emailConfirmResultSchema.safeParse(new URLSearchParams(search).get('result'));
  return <EmailConfirmationPage result={parsed.success ? parsed.data : 'invalid'} signedIn={useSignedInUser() !== null} onNavigate={navigate} />;
}
