// /ctf: the spec sends it to the certificate page.
import { Navigate } from 'react-router';

export default function CertificateRedirect() {
  return <Navigate to="/ctfType" replace />;
}
