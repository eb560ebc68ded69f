import type { Person, UpdatePersonInput } from '@bagysh/shared';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import '../../../lib/i18n/areas/person';
import '../../../lib/i18n/areas/person-edit';
import { useScript } from '../../../lib/script';
import { useEventTitle } from '../hooks/use-event-title';
import {
  eventsPatch,
  noteIdsWith,
  notesPatch,
  removeMediaPatch,
  unionsPatch,
  type RecordEdit,
} from '../lib/records-form';
import { CitationsDialog } from './record-citations-dialog';
import { EventDialog } from './record-event-dialog';
import { MediaDialog } from './record-media-dialog';
import { NamesDialog } from './record-names-dialog';
import { NoteDialog } from './record-note-dialog';
import { ParentsDialog } from './record-parents-dialog';
import { UnionDialog } from './record-union-dialog';
import { useRecordsSubmit } from './record-dialog';

/**
 * A question before a record leaves the person (an event, a note's link, a file of the
 * gallery); confirmed, the PATCH goes: a moderator's applies, a member's waits for review.
 */
function RemoveDialog({
  person,
  moderator,
  title,
  text,
  action,
  body,
  onClose,
}: {
  person: Person;
  moderator: boolean;
  title: string;
  text: string;
  /** The confirm button of a moderator ("Өчүрүү", "Алып салуу"); a member proposes. */
  action: string;
  body: UpdatePersonInput;
  onClose: () => void;
}) {
  const { t } = useTranslation('genealogy');
  const script = useScript();
  const { submit, saving, conflict } = useRecordsSubmit(person);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    const outcome = await submit(body);
    if (outcome.ok) onClose();
    else setError(Object.values(outcome.errors)[0] ?? null);
  };
  const problem = conflict ? `${conflict} ${t('editor.conflictHelp')}` : error;
  return (
    <ConfirmDialog
      open
      title={title}
      text={text}
      confirmLabel={moderator ? action : t('editor.propose')}
      danger
      pending={saving}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {problem && (
        <Alert severity="error" data-testid="record-form-error">
          {script.text(problem)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/**
 * The person page's record editors, loaded when a member first opens one (the page itself
 * only names what to open: `RecordEdit`).
 */
export default function RecordsEditor({
  person,
  edit,
  moderator,
  onClose,
}: {
  person: Person;
  edit: RecordEdit;
  moderator: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('personEdit');
  const { t: tp } = useTranslation('person');
  const { t: tg } = useTranslation('genealogy');
  const eventTitle = useEventTitle();
  const common = { person, moderator, onClose };
  switch (edit.kind) {
    case 'event':
      return <EventDialog {...common} eventId={edit.eventId} />;
    case 'deleteEvent': {
      const event = person.events.find((item) => item.id === edit.eventId);
      if (!event) return null;
      const title = eventTitle(event);
      return (
        <RemoveDialog
          {...common}
          title={t('event.deleteTitle')}
          action={tg('editor.delete')}
          text={
            moderator ? t('event.deleteText', { title }) : t('event.deleteProposalText', { title })
          }
          body={eventsPatch(person, edit.eventId, null).body}
        />
      );
    }
    case 'names':
      return <NamesDialog {...common} />;
    case 'citations':
      return <CitationsDialog {...common} />;
    case 'note':
      return <NoteDialog {...common} />;
    case 'deleteNote':
      return (
        <RemoveDialog
          {...common}
          title={t('note.removeTitle')}
          action={t('remove')}
          text={t('note.removeText')}
          body={notesPatch(person, noteIdsWith(person, edit.noteId, true))}
        />
      );
    case 'media':
      return <MediaDialog {...common} />;
    case 'parents':
      return <ParentsDialog {...common} />;
    case 'union':
      return <UnionDialog {...common} spouseId={edit.spouseId} />;
    case 'removeUnion': {
      const union = person.unions.find((item) => item.spouse.id === edit.spouseId);
      if (!union) return null;
      const name = union.spouse.name;
      return (
        <RemoveDialog
          {...common}
          title={t('union.removeTitle')}
          action={t('remove')}
          text={
            moderator ? t('union.removeText', { name }) : t('union.removeProposalText', { name })
          }
          body={unionsPatch(person, edit.spouseId, null).body}
        />
      );
    }
    case 'deleteMedia': {
      const media = [...person.media, ...person.events.flatMap((event) => event.media)].find(
        (item) => item.file_id === edit.fileId,
      );
      return (
        <RemoveDialog
          {...common}
          title={t('media.removeTitle')}
          action={t('remove')}
          text={t('media.removeText', { title: media?.title ?? tp('gallery.untitled') })}
          body={removeMediaPatch(person, edit.fileId)}
        />
      );
    }
  }
}
