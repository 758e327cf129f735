import { useState } from 'react';
import {
  NOTE_MAX_LENGTH,
  type NoteTargetKind,
  supportNoteRowSchema,
} from '../../common/api/support-notes.ts';
import { DateText } from './admin-cells.tsx';
import { useAdminCan } from './admin-role.ts';
import { useAdminAction } from './use-admin-action.ts';
import { useAdminList } from './use-admin-list.ts';

/** Adds a note: the text, then Add note (every role but the view-only one; the server checks it too). */
function AddNote({ kind, target }: { kind: NoteTargetKind; target: string }) {
  const [text, setText] = useState('');
  const add = useAdminAction('addNote');
  const trimmed = text.trim();
  const submit = () => {
    if (!trimmed) return;
    add.mutate({ targetKind: kind, target, text: trimmed }, { onSuccess: () => setText('') });
  };
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label className="flex-1 text-slate-400 text-xs">
        <span className="sr-only">Note text</span>
        <textarea
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          rows={2}
          placeholder="What the player said, what was checked, what was answered"
          onChange={(event) => setText(event.target.value)}
          className="w-full rounded border border-slate-600 bg-slate-900 p-2 text-slate-100 text-xs"
        />
      </label>
      <button
        type="submit"
        disabled={!trimmed || add.isPending}
        className="rounded border border-cyan-400 px-3 py-1 text-cyan-200 text-xs hover:bg-cyan-950 disabled:opacity-50"
      >
        {add.isPending ? 'Adding...' : 'Add note'}
      </button>
    </form>
  );
}

/**
 * Support's notes on a wallet (with those on its games) or a game, newest first: who, when, the text.
 * Append-only: there is no edit or delete, and the page says so.
 */
export function SupportNotesPanel({ kind, target }: { kind: NoteTargetKind; target: string }) {
  const can = useAdminCan('note');
  const list = useAdminList(supportNoteRowSchema, '/notes', { [kind]: target });
  const notes = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="space-y-2 text-xs" data-testid="support-notes">
      {can && <AddNote kind={kind} target={target} />}
      {list.isError && (
        <p role="alert" className="text-red-300">
          Failed to fetch the notes: {list.error.message}
        </p>
      )}
      {list.isSuccess && notes.length === 0 && <p className="text-slate-400">No notes yet</p>}
      <ol aria-label="Support notes" className="space-y-2">
        {notes.map((note) => (
          <li key={note.id} className="rounded border border-slate-700 p-2">
            <p className="flex flex-wrap gap-x-2 text-[11px] text-slate-400">
              <span>{note.by}</span>
              <DateText value={note.at} />
              {note.targetKind !== kind && <span>on game {note.target.slice(0, 8)}</span>}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-100">{note.text}</p>
          </li>
        ))}
      </ol>
      {list.hasNextPage && (
        <button
          type="button"
          onClick={() => list.fetchNextPage()}
          className="rounded border border-cyan-400 px-3 py-1 text-cyan-200 hover:bg-cyan-950"
        >
          Load more
        </button>
      )}
      <p className="text-[10px] text-slate-500">
        Notes are kept as written: they cannot be edited or deleted.
      </p>
    </div>
  );
}
