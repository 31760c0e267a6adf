// Labels of the channel screens in the user's language: endpoint kinds, delivery states, event topics.
import { integration, labelOf, languageOf, notifyDelivery } from '@portal/contract';
import { useTranslation } from 'react-i18next';

export function useLabels() {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const topics: Readonly<Record<string, string>> = language === 'en' ? integration.eventTopicTextEn : integration.eventTopicText;
  return {
    language,
    kind: (kind: notifyDelivery.EndpointKind) => notifyDelivery.endpointKindText[kind][language],
    state: (state: notifyDelivery.DeliveryState) => notifyDelivery.deliveryStateText[state][language],
    topic: (topic: string) => labelOf(topic, topics),
  };
}

export const stateColor: Record<notifyDelivery.DeliveryState, string> = {
  pending: 'gold',
  sending: 'blue',
  sent: 'green',
  dead: 'red',
};
