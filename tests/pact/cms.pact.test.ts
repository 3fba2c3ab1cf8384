import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { getCentreDetails } from '../../src/api/cms';
import { interaction } from './interactions';
import { PROVIDER_STATES } from './states';
import { apiPath, PROVIDERS, pactWith, signedOutClient } from './support';

const { like, regex, includes } = MatchersV3;

const pact = pactWith(PROVIDERS.api);

const HTTPS_URL = '^https://\\S+$';

describe('CMS contract', () => {
  it('reads the centre details shown in the footer', async () => {
    await interaction(pact, PROVIDER_STATES.centreDetailsPublished, 'a request for the centre details', {
      Accept: 'application/json',
    })
      .sends('GET', apiPath('/cms/king-fahad-details/'))
      .answers(200, {
        browse_course_title1: like('Explore Our'),
        browse_course_title1_ar: like('استكشف'),
        browse_course_title2: like('Training Courses'),
        browse_course_title2_ar: like('دوراتنا التدريبية'),
        get_in_touch_title1: like('Get in'),
        get_in_touch_title1_ar: like('تواصل'),
        get_in_touch_title2: like('Touch'),
        get_in_touch_title2_ar: like('معنا'),
        get_in_touch_description: like('Send us a message and our team will reply within two working days.'),
        get_in_touch_description_ar: like('أرسل لنا رسالتك وسيرد عليك فريقنا خلال يومي عمل.'),
        request_a_course_image: like('/brand/request-a-course.svg'),
        copyright: includes('2024'),
        copyright_ar: like('© ٢٠٢٤ مركز التدريب بجامعة الملك فيصل. جميع الحقوق محفوظة.'),
        email: regex('^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'training@kfu.edu.sa'),
        facebook_url: regex(HTTPS_URL, 'https://www.facebook.com/KFUniversity'),
        twitter_url: regex(HTTPS_URL, 'https://x.com/KFUniversity'),
        linkedin_url: regex(HTTPS_URL, 'https://www.linkedin.com/school/king-faisal-university/'),
        logo: like('/brand/logo.svg'),
        location: like('King Faisal University, Al-Ahsa 31982, Saudi Arabia'),
        location_ar: like('جامعة الملك فيصل، الأحساء ٣١٩٨٢، المملكة العربية السعودية'),
        phone_number: like('+966 13 589 7000'),
        phone_number_ar: like('+٩٦٦ ١٣ ٥٨٩ ٧٠٠٠'),
        footer_header: like(
          'The Training Centre at King Faisal University offers practical, accredited courses.',
        ),
        footer_header_ar: like('يقدم مركز التدريب بجامعة الملك فيصل دورات عملية معتمدة.'),
      })
      .executeTest(async (mockServer) => {
        const details = await getCentreDetails(signedOutClient(mockServer));
        expect(details.copyright).toContain('2024');
        expect(details.location_ar).toBe('جامعة الملك فيصل، الأحساء ٣١٩٨٢، المملكة العربية السعودية');
        expect([details.facebook_url, details.twitter_url, details.linkedin_url]).toHaveLength(3);
      });
  });
});
