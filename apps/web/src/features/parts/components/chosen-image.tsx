import { productMessages } from '@store/shared';
import { useEffect, useState } from 'react';

/**
 * The image chosen in the product form, shown before it is uploaded. Its object URL
 * is let go when the choice changes and when the form goes, so a chosen file is not kept alive.
 */
export function ChosenImage({ file }: { file: File | undefined }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file?.type.startsWith('image/')) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!file || !url) return null;
  return (
    <img
      src={url}
      alt={productMessages.chosenImage(file.name)}
      width={160}
      height={120}
      className="mt-2 h-auto w-40 rounded-box bg-base-200 object-contain"
      data-testid="chosen-image"
      // A file the browser cannot draw either: no broken picture (the image host will say why).
      onError={() => setUrl(undefined)}
    />
  );
}
