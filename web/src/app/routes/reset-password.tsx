import { env } from '@/config/env';
import { ResetPassword } from '@/features/auth/components/reset-password';

/** `/auth/reset-password`: where a mailed recovery link lands. */
export default function ResetPasswordRoute() {
  return (
    <>
      <title>{`Reset Password · ${env.APP_NAME}`}</title>
      <ResetPassword />
    </>
  );
}
