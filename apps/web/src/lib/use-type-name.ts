// A certificate type's name in the user's language (its Chinese name where the tenant gave no English one).
import { certificate, languageOf } from '@portal/contract';
import { useTranslation } from 'react-i18next';

export function useTypeName(): (type: { typeName: string; typeNameEn: string }) => string {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (type) => certificate.typeNameIn(language, type);
}
