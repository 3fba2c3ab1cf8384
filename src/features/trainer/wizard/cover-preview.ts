/** The longest side of the cover's preview kept with the draft. */
const PREVIEW_SIDE = 480;

/**
 * A small JPEG of a chosen picture, as a data address: the preview survives a reload with the
 * draft (an object URL would not), and stays a few tens of kilobytes. '' when the browser cannot
 * read the picture (the server then says what is wrong with it).
 */
export async function coverPreview(file: Blob): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return '';
  }
}
