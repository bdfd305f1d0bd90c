import type { VideoElement } from '../articles/content.ts';
import type { FormProps } from './formProps.ts';
import { JustifyField, SizeField } from './StyleFields.tsx';
import type { Uploaded } from './upload.ts';
import UploadField from './UploadField.tsx';

/**
 * Video: the video and its subtitles, uploaded under one video id (the server makes
 * it at the first upload; later uploads send it back), its width and position.
 */
export default function VideoForm({ t, element, update, articleId }: FormProps<VideoElement>) {
  const withId = (videoId: string | null) => (videoId ? { videoId } : {});
  return (
    <div className="editor-form">
      <UploadField
        t={t}
        kind="video"
        label={t('editor.field.video')}
        value={element.src}
        articleId={articleId}
        videoId={element.videoId}
        onUploaded={({ mediaUrl, videoId }: Uploaded) =>
          update({ src: mediaUrl, ...withId(videoId) })
        }
        onRemove={() => update({ src: '' })}
      />
      <UploadField
        t={t}
        kind="subtitles"
        label={t('editor.field.subtitles')}
        value={element.subtitles}
        articleId={articleId}
        videoId={element.videoId}
        onUploaded={({ mediaUrl, videoId }: Uploaded) =>
          update({ subtitles: mediaUrl, ...withId(videoId) })
        }
        onRemove={() => update({ subtitles: '' })}
      />
      <SizeField t={t} value={element.size} onChange={(size) => update({ size })} />
      <JustifyField t={t} value={element.justify} onChange={(justify) => update({ justify })} />
    </div>
  );
}
