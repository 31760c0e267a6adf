// The help center's contacts (loaded when the help popover first opens).
import { Descriptions } from 'antd';
import { useUserStore } from '../stores/user';

export function HelpContacts() {
  const supInfo = useUserStore((s) => s.supInfo);
  return (
    <Descriptions column={1} size="small" style={{ width: 320 }}>
      {supInfo?.phoneList.map((p) => (
        <Descriptions.Item key={`p${p.phone}`} label={p.name}>
          {p.phone}
        </Descriptions.Item>
      ))}
      {supInfo?.emailList.map((e) => (
        <Descriptions.Item key={`e${e.email}`} label={e.name}>
          <a href={`mailto:${e.email}`}>{e.email}</a>
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
