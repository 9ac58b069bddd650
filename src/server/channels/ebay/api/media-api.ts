import type { Middleware } from 'openapi-fetch';
import type { EbayApiContext } from './ebay-api-context';
import { ebayApi } from './ebay-http';
import type { paths } from './generated/media';

export interface EbayImageFile {
  data: Uint8Array;
  filename: string;
  /** image/jpeg, image/png, image/webp... */
  contentType: string;
}

export interface EbayHostedImage {
  /** The eBay-hosted URL to put in product.imageUrls. */
  imageUrl: string;
  /** From the Location header (…/image/{image_id}), when eBay sent one. */
  imageId: string | null;
  expirationDate: string | null;
}

/**
 * The multipart body of createImageFromFile, which its document leaves out (it has no requestBody: the `image` part is
 * in eBay's prose only) while it requires the Content-Type parameter multipart/form-data. The form goes on the
 * request here, and the bare multipart/form-data gives way to the form's own type, which carries its boundary.
 */
const multipartBody = (form: FormData): Middleware => ({
  onRequest({ request }) {
    const headers = new Headers(request.headers);
    headers.delete('content-type');
    return new Request(request, { body: form, headers });
  },
});

/** Media API: uploads a photo to eBay's picture service, so no public hosting of our files is needed. */
export function createMediaApi(context: EbayApiContext) {
  const media = ebayApi<paths>(context, 'apim', '/commerce/media/v1_beta');
  return {
    async createImageFromFile(accessToken: string, file: EbayImageFile): Promise<EbayHostedImage> {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(file.data)], { type: file.contentType }), file.filename);
      const { data, response } = await media(accessToken).POST('/image/create_image_from_file', {
        params: { header: { 'Content-Type': 'multipart/form-data' } },
        middleware: [multipartBody(form)],
      });
      if (!data?.imageUrl) throw new Error('eBay stored the image but sent no imageUrl');
      const location = response.headers.get('location');
      return {
        imageUrl: data.imageUrl,
        imageId: location ? decodeURIComponent(location.split('/').pop() ?? '') || null : null,
        expirationDate: data.expirationDate ?? null,
      };
    },
  };
}
