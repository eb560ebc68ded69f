import { useState } from 'react';
import { RecordingFile } from '../../features/files';
import { TranscriptPanel } from '../../features/transcripts';
import { RecordingAbout } from '../../features/voices';

/**
 * A recording's file and player, who told it, and its transcript: the features meet here, in
 * a part the route loads after its own small chunk (the route table in the shell lists one file).
 */
export default function RecordingPage({
  fileId,
  startAt,
}: {
  fileId: number;
  startAt: number | null;
}) {
  const [player, setPlayer] = useState<HTMLMediaElement | null>(null);
  return (
    <RecordingFile fileId={fileId} onPlayer={setPlayer}>
      {() => (
        <>
          <RecordingAbout fileId={fileId} />
          <TranscriptPanel fileId={fileId} media={player} startAt={startAt} />
        </>
      )}
    </RecordingFile>
  );
}
