import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useCreateProject } from '../api/tasks-api';
import type { TaskFormValues } from '../task-form';

/**
 * The task's project: one of the caller's, or a new one added inline and selected (spec section 5).
 * A typed new name is the task's project even without pressing Add: the server creates it with the task.
 */
export function ProjectField({ names, onChoose }: { names: string[]; onChoose: (name: string) => void }) {
  const { control, getValues } = useFormContext<TaskFormValues>();
  const createProject = useCreateProject();
  const [adding, setAdding] = useState(false);
  const [newName, setNewName] = useState('');
  /** The project chosen before a new name was typed, restored by Cancel. */
  const [before, setBefore] = useState('');

  const startAdding = () => {
    setBefore(getValues('project'));
    setAdding(true);
  };
  const typeName = (name: string) => {
    setNewName(name);
    onChoose(name.trim() || before);
  };
  const cancel = () => {
    onChoose(before);
    setAdding(false);
    setNewName('');
  };

  const addProject = () => {
    const name = newName.trim();
    if (!name) return;
    createProject.mutate(name, {
      onSuccess: (created) => {
        onChoose(created.name);
        setAdding(false);
        setNewName('');
        toast.success(`Project "${created.name}" added and selected`);
      },
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <FormField
      control={control}
      name="project"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Project</FormLabel>
          {adding ? (
            <div className="flex gap-2">
              <FormControl>
                <Input
                  autoFocus
                  placeholder="New project name"
                  value={newName}
                  onChange={(event) => typeName(event.target.value)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      addProject();
                    }
                  }}
                />
              </FormControl>
              <Button onClick={addProject} disabled={!newName.trim() || createProject.isPending}>
                Add
              </Button>
              <Button variant="ghost" onClick={cancel}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className="flex gap-2">
              <Select value={field.value} onValueChange={onChoose}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue placeholder="Select a project" />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {names.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <Button variant="outline" onClick={startAdding}>
                <PlusIcon />
                New Project
              </Button>
            </div>
          )}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
