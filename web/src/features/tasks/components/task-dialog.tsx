import type { Task, TaskStatus } from '@relate/contracts';
import { format, parseISO } from 'date-fns';
import { PlusIcon } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  useAssignableUsers,
  useCreateProject,
  useCreateTask,
  useProjects,
  useUpdateTask,
} from '../api/tasks-api';

const NOBODY = '__nobody__';
const STATUSES: { value: TaskStatus; label: string }[] = [
  { value: 'todo', label: 'To do' },
  { value: 'in_progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const toLocal = (iso: string | null) => (iso ? format(parseISO(iso), "yyyy-MM-dd'T'HH:mm") : '');
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

interface TaskDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task: Task | null;
  defaultProject?: string;
}

/** 'Add New Task' / 'Edit Task' with every field (spec section 2 "Tasks tab"). */
export function TaskDialog({ open, onOpenChange, task, defaultProject }: TaskDialogProps) {
  const projects = useProjects();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const createProject = useCreateProject();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [project, setProject] = useState('');
  const [status, setStatus] = useState<TaskStatus>('todo');
  const [priority, setPriority] = useState<'low' | 'medium' | 'high'>('medium');
  const [scheduled, setScheduled] = useState('');
  const [due, setDue] = useState('');
  const [assignTo, setAssignTo] = useState('');
  const [newProject, setNewProject] = useState('');
  const [addingProject, setAddingProject] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const assignable = useAssignableUsers(project || null);

  useEffect(() => {
    if (!open) return;
    setTitle(task?.title ?? '');
    setDescription(task?.description ?? '');
    setProject(task?.project ?? defaultProject ?? '');
    setStatus(task?.status ?? 'todo');
    setPriority(task?.priority ?? 'medium');
    setScheduled(toLocal(task?.scheduled_date ?? null));
    setDue(toLocal(task?.due_date ?? null));
    setAssignTo(task?.assign_to ?? '');
    setAddingProject(false);
    setNewProject('');
    setTitleError(null);
  }, [open, task, defaultProject]);

  const addProject = () => {
    const name = newProject.trim();
    if (!name) return;
    createProject.mutate(name, {
      onSuccess: (created) => {
        setProject(created.name);
        setAssignTo('');
        setAddingProject(false);
        setNewProject('');
        toast.success(`Project "${created.name}" added and selected`);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setTitleError('Title is required');
    if (!project) return toast.error('Choose or add a project');
    const body = {
      title: title.trim(),
      description: description.trim() || null,
      project,
      status,
      priority,
      scheduled_date: toIso(scheduled),
      due_date: toIso(due),
      assign_to: assignTo || null,
    };
    if (task)
      updateTask.mutate(
        { id: task.id, body },
        {
          onSuccess: () => {
            toast.success('Task updated successfully');
            onOpenChange(false);
          },
          onError: (error) => toast.error('Failed to update task', { description: error.message }),
        },
      );
    else
      createTask.mutate(body, {
        onSuccess: () => {
          toast.success('Task created successfully');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Failed to create task', { description: error.message }),
      });
  };

  const projectNames = [...new Set((projects.data ?? []).map((item) => item.name))];
  if (project && !projectNames.includes(project)) projectNames.push(project);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{task ? 'Edit Task' : 'Add New Task'}</DialogTitle>
            <DialogDescription>
              Tasks belong to a project; its participants can be assigned.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="task-title">Title</Label>
            <Input
              id="task-title"
              value={title}
              aria-invalid={Boolean(titleError)}
              onChange={(event) => setTitle(event.target.value)}
            />
            {titleError && <p className="text-xs text-destructive">{titleError}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="task-description">Description</Label>
            <Textarea
              id="task-description"
              rows={3}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="task-project">Project</Label>
            {addingProject ? (
              <div className="flex gap-2">
                <Input
                  id="task-project"
                  autoFocus
                  placeholder="New project name"
                  value={newProject}
                  onChange={(event) => setNewProject(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addProject();
                    }
                  }}
                />
                <Button onClick={addProject} disabled={!newProject.trim() || createProject.isPending}>
                  Add
                </Button>
                <Button variant="ghost" onClick={() => setAddingProject(false)}>
                  Cancel
                </Button>
              </div>
            ) : (
              <div className="flex gap-2">
                <Select
                  value={project}
                  onValueChange={(value) => {
                    setProject(value);
                    setAssignTo('');
                  }}
                >
                  <SelectTrigger id="task-project">
                    <SelectValue placeholder="Select a project" />
                  </SelectTrigger>
                  <SelectContent>
                    {projectNames.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <Button variant="outline" onClick={() => setAddingProject(true)}>
                  <PlusIcon />
                  New Project
                </Button>
              </div>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="task-status">Status</Label>
              <Select value={status} onValueChange={(value) => setStatus(value as TaskStatus)}>
                <SelectTrigger id="task-status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {STATUSES.map((item) => (
                    <SelectItem key={item.value} value={item.value}>
                      {item.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="task-priority">Priority</Label>
              <Select value={priority} onValueChange={(value) => setPriority(value as typeof priority)}>
                <SelectTrigger id="task-priority">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="low">Low</SelectItem>
                  <SelectItem value="medium">Medium</SelectItem>
                  <SelectItem value="high">High</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="task-scheduled">Scheduled date</Label>
              <Input
                id="task-scheduled"
                type="datetime-local"
                value={scheduled}
                onChange={(event) => setScheduled(event.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="task-due">Due date</Label>
              <Input
                id="task-due"
                type="datetime-local"
                value={due}
                onChange={(event) => setDue(event.target.value)}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="task-assignee">Assign to</Label>
            <Select
              value={assignTo || NOBODY}
              onValueChange={(value) => setAssignTo(value === NOBODY ? '' : value)}
              disabled={!project}
            >
              <SelectTrigger id="task-assignee">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NOBODY}>Nobody</SelectItem>
                {(assignable.data ?? []).map((user) => (
                  <SelectItem key={user.id} value={user.email}>
                    {user.full_name ? `${user.full_name} (${user.email})` : user.email}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">
              Assign this specific task to a user. They must be a project participant.
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={createTask.isPending || updateTask.isPending}>
              {task ? 'Save Changes' : 'Create Task'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
