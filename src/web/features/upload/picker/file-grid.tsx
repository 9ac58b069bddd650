import { FileTile, type FileTileHandlers } from './file-tile';
import type { PickedFile } from './use-picked-files';

interface FileGridProps extends FileTileHandlers {
  files: PickedFile[];
  selected: ReadonlySet<string>;
}

export function FileGrid({ files, selected, ...handlers }: FileGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-x-2.5 gap-y-3 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-6" aria-label="Chosen photos">
      {files.map((picked, index) => (
        <FileTile key={picked.id} picked={picked} number={index + 1} selected={selected.has(picked.id)} {...handlers} />
      ))}
    </ul>
  );
}
