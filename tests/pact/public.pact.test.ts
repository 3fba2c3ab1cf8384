import { PUBLIC_VALIDATION } from '@contract/forms/public';
import { PUBLIC_MESSAGES } from '@contract/messages/public';
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getAboutPromotion,
  getAboutStory,
  getBecomeTrainer,
  getGetInTouchTitle,
  getHeroSection,
  getKeyBenefits,
  requestCourse,
  sendGetInTouch,
} from '../../src/api/cms';
import { expectRefusal, interaction } from './interactions';
import { PROVIDER_STATES } from './states';
import { apiPath, fieldErrorBody, JSON_CONTENT, PROVIDERS, pactWith, signedOutClient } from './support';

const { like, eachLike, integer } = MatchersV3;

const pact = pactWith(PROVIDERS.api);
const ACCEPT = { Accept: 'application/json' };

/** A content block read: one interaction, checked through the real function. */
async function readBlock<T>(
  path: string,
  description: string,
  body: Record<string, unknown>,
  call: (api: ReturnType<typeof signedOutClient>) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await interaction(pact, PROVIDER_STATES.contentPublished, description, ACCEPT)
    .sends('GET', apiPath(path))
    .answers(200, body)
    .executeTest(async (mockServer) => {
      result = await call(signedOutClient(mockServer));
    });
  if (result === undefined) throw new Error('The interaction did not run');
  return result;
}

describe('CMS contract: content blocks', () => {
  it('reads the home banner', async () => {
    const hero = await readBlock(
      '/cms/hero-section/',
      'a request for the home banner',
      {
        brand_name: like('KFU Training Centre'),
        brand_name_ar: like('مركز التدريب بجامعة الملك فيصل'),
        category: like('Professional Development'),
        category_ar: like('التطوير المهني'),
        slogan: like('Learn today, lead tomorrow'),
        slogan_ar: like('تعلّم اليوم، لتقود غداً'),
        description: like('Accredited short courses taught by university faculty.'),
        description_ar: like('دورات قصيرة معتمدة.'),
        image: like('/media/hero.svg'),
        image_ar: like('/media/hero.svg'),
      },
      getHeroSection,
    );
    expect(hero.slogan_ar).toBe('تعلّم اليوم، لتقود غداً');
  });

  it('reads the about page promotion', async () => {
    const promotion = await readBlock(
      '/cms/about-page-promotion/',
      'a request for the about page promotion',
      {
        title: like('About the Training Centre'),
        title_ar: like('عن مركز التدريب'),
        subtitle: like('Part of King Faisal University since 1995'),
        subtitle_ar: like('جزء من جامعة الملك فيصل منذ عام ١٩٩٥'),
        description: like('We design practical programmes with employers and faculties.'),
        description_ar: like('نصمم برامج عملية بالتعاون مع جهات التوظيف والكليات.'),
        image: like('/media/about-promotion.svg'),
      },
      getAboutPromotion,
    );
    expect(promotion.title).toBe('About the Training Centre');
  });

  it('reads the about page story', async () => {
    const story = await readBlock(
      '/cms/about-page-our-story/',
      'a request for the about page story',
      {
        title: like('Our Story'),
        title_ar: like('قصتنا'),
        description: like('What began as a handful of evening workshops.'),
        description_ar: like('بدأنا بعدد قليل من ورش العمل المسائية.'),
        image: like('/media/about-story.svg'),
      },
      getAboutStory,
    );
    expect(story.title_ar).toBe('قصتنا');
  });

  it('reads the key benefits for trainees', async () => {
    const benefits = await readBlock(
      '/cms/key-benefits-of-trainee-feature/',
      'a request for the key benefits for trainees',
      {
        key_benefits_of_trainee_title1: like('Key Benefits'),
        key_benefits_of_trainee_title1_ar: like('المزايا الرئيسية'),
        key_benefits_of_trainee_title2: like('for Trainees'),
        key_benefits_of_trainee_title2_ar: like('للمتدربين'),
        features: eachLike({
          id: integer(1),
          feature: like('Certificates accredited by King Faisal University'),
          feature_ar: like('شهادات معتمدة من جامعة الملك فيصل'),
        }),
        key_benefits_of_trainee_image: like('/media/key-benefits.svg'),
      },
      getKeyBenefits,
    );
    expect(benefits.features[0]?.id).toBe(1);
  });

  it('reads the become-a-trainer block', async () => {
    const block = await readBlock(
      '/cms/become-a-trainer/',
      'a request for the become-a-trainer block',
      {
        image: like('/media/become-a-trainer.svg'),
        title1: like('Become a'),
        title1_ar: like('كن'),
        title2: like('Trainer'),
        title2_ar: like('مدرباً'),
        description: like('Share your expertise with motivated learners.'),
        description_ar: like('شارك خبرتك مع متعلمين متحمسين.'),
        features: eachLike({
          feature: like('Grade assignments and quizzes in one place'),
          feature_ar: like('قيّم الواجبات والاختبارات في مكان واحد'),
        }),
      },
      getBecomeTrainer,
    );
    expect(block.features).toHaveLength(1);
  });

  it('reads the get-in-touch heading', async () => {
    const title = await readBlock(
      '/cms/get-in-touch-title/',
      'a request for the get-in-touch heading',
      {
        get_in_touch_title1: like('Get in'),
        get_in_touch_title1_ar: like('تواصل'),
        get_in_touch_title2: like('Touch'),
        get_in_touch_title2_ar: like('معنا'),
        get_in_touch_description: like('Send us a message and our team will reply.'),
        get_in_touch_description_ar: like('أرسل لنا رسالتك وسيرد عليك فريقنا.'),
      },
      getGetInTouchTitle,
    );
    expect(title.get_in_touch_title2).toBe('Touch');
  });
});

describe('CMS contract: contact and course request forms', () => {
  const contact = {
    full_name: 'Mohammed Al-Harbi',
    email: 'mohammed.alharbi@example.com',
    subject: 'Certificate copy',
    description: 'I need a second copy of my certificate for the project management course.',
  };
  const request = {
    full_name: 'Layla Al-Zahrani',
    email: 'layla.alzahrani@example.com',
    description: 'Please offer an evening course on Arabic calligraphy.',
  };

  it('sends a contact message', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a contact message')
      .withRequest('POST', apiPath('/cms/get-in-touch/'), (b) => b.headers(ACCEPT).jsonBody(contact))
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ success: true, message: PUBLIC_MESSAGES.contactSent }),
      )
      .executeTest(async (mockServer) => {
        const answer = await sendGetInTouch(signedOutClient(mockServer), contact);
        expect(answer.message).toBe('Request Sent Successfully');
      });
  });

  it('refuses a contact message without a name with 400', async () => {
    const incomplete = { ...contact, full_name: '' };
    await pact
      .addInteraction()
      .uponReceiving('a contact message without a name')
      .withRequest('POST', apiPath('/cms/get-in-touch/'), (b) => b.headers(ACCEPT).jsonBody(incomplete))
      .willRespondWith(400, (b) =>
        b.headers(JSON_CONTENT).jsonBody(fieldErrorBody('full_name', PUBLIC_VALIDATION.fullNameRequired)),
      )
      .executeTest(async (mockServer) => {
        await expectRefusal(
          sendGetInTouch(signedOutClient(mockServer), incomplete),
          400,
          'Full name is required',
        );
      });
  });

  it('requests a course', async () => {
    await pact
      .addInteraction()
      .uponReceiving('a course request')
      .withRequest('POST', apiPath('/cms/request-course/'), (b) => b.headers(ACCEPT).jsonBody(request))
      .willRespondWith(201, (b) =>
        b.headers(JSON_CONTENT).jsonBody({ success: true, message: PUBLIC_MESSAGES.courseRequested }),
      )
      .executeTest(async (mockServer) => {
        const answer = await requestCourse(signedOutClient(mockServer), request);
        expect(answer.message).toBe('Course Request is Successfully');
      });
  });

  it('refuses a course request with an invalid e-mail address with 400', async () => {
    const invalid = { ...request, email: 'layla.example.com' };
    await pact
      .addInteraction()
      .uponReceiving('a course request with an invalid e-mail address')
      .withRequest('POST', apiPath('/cms/request-course/'), (b) => b.headers(ACCEPT).jsonBody(invalid))
      .willRespondWith(400, (b) =>
        b.headers(JSON_CONTENT).jsonBody(fieldErrorBody('email', PUBLIC_VALIDATION.emailInvalid)),
      )
      .executeTest(async (mockServer) => {
        await expectRefusal(
          requestCourse(signedOutClient(mockServer), invalid),
          400,
          'Invalid email address',
        );
      });
  });
});
