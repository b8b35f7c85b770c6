export function GalleryPage() {
  return <div className="p-8">Gallery</div>;
}
