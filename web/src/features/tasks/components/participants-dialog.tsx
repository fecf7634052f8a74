import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { useAssignableUsers, useProjects, useSaveParticipants } from '../api/tasks-api';
import { projectNamed } from '../task-form';

/** Manage Project Participants: the owner and approved members of the owner's group. */
export function ParticipantsDialog({
  project,
  currentEmail,
  onOpenChange,
}: {
  project: string | null;
  /** The signed-in user's e-mail, marked '(you)'. */
  currentEmail: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const projects = useProjects();
  const candidates = useAssignableUsers(null); // the caller and their approved group members
  const save = useSaveParticipants();
  const current = project ? projectNamed(projects.data ?? [], project) : undefined;
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    if (current) setSelected(current.participants);
  }, [current]);

  useEffect(() => {
    if (projects.isError) toast.error('Failed to load project participants');
  }, [projects.isError]);

  const isOwner = current?.is_owner ?? false;
  const people = [
    ...new Set([
      ...(candidates.data ?? []).map((candidate) => candidate.email),
      ...(current?.participants ?? []),
    ]),
  ];

  const toggle = (email: string) =>
    setSelected((now) => (now.includes(email) ? now.filter((item) => item !== email) : [...now, email]));

  const submit = () => {
    if (!project) return;
    save.mutate(
      { project, participants: selected },
      {
        onSuccess: () => {
          toast.success('Participants saved');
          onOpenChange(false);
        },
        onError: (error) =>
          toast.error('Failed to save project participants', { description: error.message }),
      },
    );
  };

  return (
    <Dialog open={project !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Project Participants</DialogTitle>
          <DialogDescription>
            {isOwner
              ? `Who takes part in ${project}. Participants see its tasks and can be assigned.`
              : `Only the owner (${current?.owner_email ?? ''}) can change who takes part in ${project}.`}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid max-h-72 gap-1 overflow-y-auto">
          {people.map((email) => {
            const fixed = email === current?.owner_email || !isOwner;
            return (
              <li key={email} className="flex items-center gap-3 rounded-lg border px-3 py-2 text-sm">
                <Checkbox
                  id={`participant-${email}`}
                  checked={selected.includes(email) || email === current?.owner_email}
                  disabled={fixed}
                  onCheckedChange={() => toggle(email)}
                />
                <label htmlFor={`participant-${email}`} className="flex-1">
                  {email}
                  {email === current?.owner_email && <span className="text-muted-foreground"> (owner)</span>}
                  {email === currentEmail && email !== current?.owner_email && (
                    <span className="text-muted-foreground"> (you)</span>
                  )}
                </label>
              </li>
            );
          })}
        </ul>
        {isOwner && people.length <= 1 && (
          <p className="text-sm text-muted-foreground">
            Add people to your group in Settings → Group Management first.
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {isOwner ? 'Cancel' : 'Close'}
          </Button>
          {isOwner && (
            <Button onClick={submit} disabled={save.isPending}>
              Save Participants
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
