// The one input of a one-time code: six digits of the authenticator (the phone's keypad and its SMS/app
// autofill), or, switched, a recovery code.
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

export function CodeInput({
  recovery,
  id,
  ...rest
}: {
  recovery: boolean;
  id?: string;
  autoFocus?: boolean;
  value?: string;
  onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation();
  return recovery ? (
    <Input id={id} size="large" autoComplete="off" spellCheck={false} maxLength={32} placeholder={t('mfa.recoveryPlaceholder')} {...rest} />
  ) : (
    <Input
      id={id}
      size="large"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={6}
      placeholder={t('mfa.codePlaceholder')}
      className="otp-input"
      {...rest}
    />
  );
}
