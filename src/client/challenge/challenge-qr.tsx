import { QrCode } from '../ui/qr-code.tsx';

/** The QR code of a challenge's link. Its own chunk: only a player who opens a challenge loads it. */
export default function ChallengeQr({ text, size = 168 }: { text: string; size?: number }) {
  return <QrCode text={text} size={size} label="QR code of the challenge link" testId="challenge-qr" />;
}
